// latchkey-verifier: checks a Latchkey offline credential at a door (docs/credentials.md).
// No dependency beyond WebCrypto (globalThis.crypto.subtle) and TextEncoder/TextDecoder.
export { base64urlDecode, base64urlEncode } from './base64url.ts';
export { CREDENTIAL_TYP, type CredentialClaims } from './claims.ts';
export { LIMITS } from './limits.ts';
export {
  type IssuerKey,
  type LockState,
  lockStateProblem,
  type ProvisioningBundle,
  type RevocationList,
  revocationProblem,
} from './lock-state.ts';
export {
  answerChallenge,
  type ChallengeMessage,
  devicePublicKeyBytes,
  PRESENTATION_CONTEXT,
  type PresentationMessage,
  presentationBytes,
  presentationSign,
} from './presentation.ts';
export { REASON_TEXT, REASONS, type Reason } from './reasons.ts';
export { jwkThumbprintInput, pointThumbprint } from './thumbprint.ts';
export { type UtcOffsetPeriod, type UtcOffsets, utcOffsetAt } from './utc-offsets.ts';
export { uuidBytes } from './uuid.ts';
export { type Decision, type Presentation, type VerifyInput, verifyPresentation } from './verify.ts';
export { DAYS, insideWindows, type Window } from './windows.ts';
