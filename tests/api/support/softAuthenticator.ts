import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers';

/**
 * A software passkey authenticator for API tests: what a browser and a platform authenticator
 * return from navigator.credentials.create()/get(), built from an ES256 key in node:crypto and
 * CBOR from @simplewebauthn's own encoder. It keeps discoverable credentials, as a phone would,
 * and always reports user presence and verification (UV) unless told otherwise.
 */

type StoredCredential = { id: Uint8Array; privateKey: KeyObject; rpId: string; userHandle: string; counter: number };

const sha256 = (data: Uint8Array | string): Buffer => createHash('sha256').update(data).digest();
const b64 = (data: Uint8Array | string): string => Buffer.from(typeof data === 'string' ? Buffer.from(data, 'utf8') : data).toString('base64url');

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

function uint32(value: number): Buffer {
  const buffer = Buffer.alloc(4);
  buffer.writeUInt32BE(value);
  return buffer;
}

export class SoftAuthenticator {
  readonly credentials: StoredCredential[] = [];

  constructor(private readonly origin: string) {}

  /** navigator.credentials.create(): a new ES256 credential with attestation 'none'. */
  create(options: PublicKeyCredentialCreationOptionsJSON, settings: { userVerified?: boolean } = {}): RegistrationResponseJSON {
    const rpId = options.rp.id ?? new URL(this.origin).hostname;
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const coseKey = new Map<number, number | Uint8Array>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, isoBase64URL.toBuffer(jwk.x!)],
      [-3, isoBase64URL.toBuffer(jwk.y!)],
    ]);
    const id = new Uint8Array(randomBytes(16));
    const flags = FLAG_UP | FLAG_AT | (settings.userVerified === false ? 0 : FLAG_UV);
    const authData = Buffer.concat([sha256(rpId), Buffer.from([flags]), uint32(0), Buffer.alloc(16), Buffer.from([0, id.length]), id, isoCBOR.encode(coseKey)]);
    const attestation: Map<string, string | Uint8Array | Map<string, string>> = new Map();
    attestation.set('fmt', 'none');
    attestation.set('attStmt', new Map<string, string>());
    attestation.set('authData', new Uint8Array(authData));
    const attestationObject = isoCBOR.encode(attestation);
    const clientDataJSON = JSON.stringify({ type: 'webauthn.create', challenge: options.challenge, origin: this.origin, crossOrigin: false });
    this.credentials.push({ id, privateKey, rpId, userHandle: options.user.id, counter: 0 });
    return {
      id: b64(id),
      rawId: b64(id),
      type: 'public-key',
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
      response: { clientDataJSON: b64(clientDataJSON), attestationObject: b64(attestationObject), transports: ['internal'] },
    };
  }

  /** navigator.credentials.get() with a discoverable credential (the first one, or `credentialIndex`). */
  get(options: PublicKeyCredentialRequestOptionsJSON, settings: { credentialIndex?: number; origin?: string } = {}): AuthenticationResponseJSON {
    const credential = this.credentials[settings.credentialIndex ?? 0];
    if (!credential) throw new Error('no credential on this authenticator');
    credential.counter += 1;
    const authData = Buffer.concat([sha256(options.rpId ?? credential.rpId), Buffer.from([FLAG_UP | FLAG_UV]), uint32(credential.counter)]);
    const clientDataJSON = JSON.stringify({ type: 'webauthn.get', challenge: options.challenge, origin: settings.origin ?? this.origin, crossOrigin: false });
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), credential.privateKey);
    return {
      id: b64(credential.id),
      rawId: b64(credential.id),
      type: 'public-key',
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
      response: { clientDataJSON: b64(clientDataJSON), authenticatorData: b64(new Uint8Array(authData)), signature: b64(new Uint8Array(signature)), userHandle: credential.userHandle },
    };
  }
}
