import { Anchor, type AnchorProps } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ClinicalDocumentKind } from '@vetboard/contract';
import type { ReactNode } from 'react';

type Props = AnchorProps & { kind: ClinicalDocumentKind; petUuid: string; children: ReactNode };

/** A link to one version of a document: each kind has its own page under the pet. */
export function DocumentAnchor({ kind, petUuid, docUuid, children, ...props }: Props & { docUuid: string }) {
  const params = { uuid: petUuid, docUuid };
  return (
    <Anchor
      {...props}
      renderRoot={(root) =>
        kind === 'assessment' ? (
          <Link to="/pets/$uuid/clinical-assessments/$docUuid" params={params} {...root} />
        ) : (
          <Link to="/pets/$uuid/medical-reports/$docUuid" params={params} {...root} />
        )
      }
    >
      {children}
    </Anchor>
  );
}

/** A link to the pet's list of documents of a kind. */
export function DocumentListAnchor({ kind, petUuid, children, ...props }: Props) {
  const params = { uuid: petUuid };
  return (
    <Anchor
      {...props}
      renderRoot={(root) =>
        kind === 'assessment' ? (
          <Link to="/pets/$uuid/clinical-assessments" params={params} {...root} />
        ) : (
          <Link to="/pets/$uuid/medical-reports" params={params} {...root} />
        )
      }
    >
      {children}
    </Anchor>
  );
}
