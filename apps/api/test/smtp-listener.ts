import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP listener on a free port, for tests of what the mailer actually sends. It keeps each
 * message's raw text; `state.refusals` makes it answer "try later" (451) to that many messages first.
 */
export async function startSmtpListener() {
  const state = { refusals: 0, received: [] as string[] };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      let data = '';
      stream.on('data', (chunk) => {
        data += chunk.toString();
      });
      stream.on('end', () => {
        if (state.refusals > 0) {
          state.refusals -= 1;
          callback(Object.assign(new Error('mailbox busy, try again later'), { responseCode: 451 }));
          return;
        }
        state.received.push(data);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as { port: number }).port;
  return {
    state,
    received: state.received,
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
