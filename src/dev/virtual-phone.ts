// The phone's side of the virtual offline lock's link, for tests and development: connect, read
// the challenge, answer it with a credential and its device key (answerChallenge, the same code a
// phone app uses), read the lock's result.
import { connect } from 'node:net';
import {
  answerChallenge,
  type ChallengeMessage,
  type PresentationMessage,
} from '../../verifier/typescript/src/presentation.ts';
import type { Reason } from '../../verifier/typescript/src/reasons.ts';
import type { AppEvent } from './lock-journal.ts';

export interface LockResult {
  type: 'result';
  accepted: boolean;
  reason: Reason;
  event?: AppEvent;
}

/**
 * One exchange on the lock's link: connect, read the challenge, send what `answer` makes of it,
 * read the lock's result.
 */
export function exchangeWithLock(
  at: { port: number } | { path: string },
  answer: (challenge: ChallengeMessage) => Promise<PresentationMessage | string>,
): Promise<{ challenge: ChallengeMessage; result: LockResult | { type: 'error'; error: string } }> {
  return new Promise((resolve, reject) => {
    const socket = 'port' in at ? connect(at.port, '127.0.0.1') : connect(at.path);
    socket.setEncoding('utf8');
    let buffered = '';
    let challenge: ChallengeMessage | undefined;
    socket.on('error', reject);
    socket.on('data', (chunk: string) => {
      buffered += chunk;
      for (let end = buffered.indexOf('\n'); end >= 0; end = buffered.indexOf('\n')) {
        const message = JSON.parse(buffered.slice(0, end));
        buffered = buffered.slice(end + 1);
        if (!challenge) {
          challenge = message as ChallengeMessage;
          answer(challenge)
            .then((sent) => socket.write(`${typeof sent === 'string' ? sent : JSON.stringify(sent)}\n`))
            .catch(reject);
        } else {
          resolve({ challenge, result: message });
          socket.end();
        }
      }
    });
  });
}

/** Presents a credential to the lock at `port` (127.0.0.1) or `path` (a Unix socket). */
export function presentToLock(
  at: { port: number } | { path: string },
  credential: string,
  device: CryptoKeyPair,
  /** Changes the answer before it is sent (tests: replay, tamper). */
  alter: (m: PresentationMessage, challenge: ChallengeMessage) => PresentationMessage | string = (m) => m,
): Promise<{ challenge: ChallengeMessage; result: LockResult | { type: 'error'; error: string } }> {
  return exchangeWithLock(at, async (challenge) =>
    alter(await answerChallenge(challenge, credential, device), challenge),
  );
}
