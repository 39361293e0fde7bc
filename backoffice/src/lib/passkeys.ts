/**
 * The browser's side of passkeys (WebAuthn): the server's options arrive as JSON, the
 * authenticator's answer goes back as JSON (the browser's own conversions, so no base64 code
 * of ours).
 */

/** Whether this browser can make and use passkeys the way the app asks for them. */
export function passkeysSupported(): boolean {
  return typeof PublicKeyCredential !== 'undefined' && 'parseCreationOptionsFromJSON' in PublicKeyCredential;
}

/** The authenticator's answer as JSON, sent to the server as it is. */
export type PasskeyAnswer = Record<string, unknown>;

interface ServerOptions<T> {
  publicKey: T;
}

/** The answer in the form the server reads: the browser's own JSON of it. */
function answerOf(credential: Credential | null): PasskeyAnswer {
  if (!(credential instanceof PublicKeyCredential)) throw new Error('The passkey was not made or not chosen.');
  // The DOM library types the JSON as `any`; it is an object of the credential's fields.
  const json: unknown = credential.toJSON();
  return json as PasskeyAnswer;
}

/** Makes a passkey with the authenticator for the server's registration options. */
export async function createPasskey(options: unknown): Promise<PasskeyAnswer> {
  const { publicKey } = options as ServerOptions<PublicKeyCredentialCreationOptionsJSON>;
  const credential = await navigator.credentials.create({ publicKey: PublicKeyCredential.parseCreationOptionsFromJSON(publicKey) });
  return answerOf(credential);
}

/** Signs the server's challenge with one of the member's passkeys. */
export async function signWithPasskey(options: unknown): Promise<PasskeyAnswer> {
  const { publicKey } = options as ServerOptions<PublicKeyCredentialRequestOptionsJSON>;
  const credential = await navigator.credentials.get({ publicKey: PublicKeyCredential.parseRequestOptionsFromJSON(publicKey) });
  return answerOf(credential);
}
