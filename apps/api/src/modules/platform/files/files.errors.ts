import { AppError } from '../../../lib/app-error.ts';

const megabytes = (bytes: number) => `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;

export const filesErrors = {
  notFound: () => new AppError(404, 'files.not_found', 'File not found'),
  tooLarge: (maxBytes: number) =>
    new AppError(413, 'files.too_large', `The file is larger than ${megabytes(maxBytes)}`),
  unsupportedType: (allowed: string) =>
    new AppError(415, 'files.unsupported_type', `The file must be ${allowed}; its content says otherwise`),
};
