import { createHash } from 'node:crypto';
import {
  calculateJwkThumbprint,
  exportJWK,
  exportPKCS8,
  generateKeyPair,
  importPKCS8,
  SignJWT,
} from 'jose';

/**
 * A certificate as an Open Badges 3.0 credential (1EdTech, OB 3.0 §8.2 "JSON Web Token Proof
 * Format", on the Verifiable Credentials Data Model 2.0): the credential is the JWT's payload,
 * with `iss`, `jti`, `nbf` and `sub` repeating its issuer, id, validFrom and subject, signed
 * as a compact JWS whose header names the organisation's key by a URL (`kid`) that resolves in
 * its JWKS. Pure but for the signature: the service says who, what and where.
 */

export const OPEN_BADGE_CONTEXTS = [
  'https://www.w3.org/ns/credentials/v2',
  'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json',
] as const;

export const OPEN_BADGE_TYPES = ['VerifiableCredential', 'OpenBadgeCredential'] as const;

/** 1EdTech's JSON schema of an OpenBadgeCredential, which validators check the payload against. */
const CREDENTIAL_SCHEMA = {
  id: 'https://purl.imsglobal.org/spec/ob/v3p0/schema/json/ob_v3p0_achievementcredential_schema.json',
  type: '1EdTechJsonSchemaValidator2019',
};

/** ES256 (P-256): small keys and signatures, in every JOSE library and browser. */
export const SIGNING_ALG = 'ES256';

/** The issuer's Profile (OB 3.0 §B.1.16): what `issuer` of a credential and its URL answer. */
export interface IssuerProfile {
  '@context': readonly string[];
  id: string;
  type: 'Profile';
  name: string;
  url: string;
}

export function issuerProfile(p: { id: string; name: string; url: string }): IssuerProfile {
  return { '@context': OPEN_BADGE_CONTEXTS, id: p.id, type: 'Profile', name: p.name, url: p.url };
}

interface BadgeTexts {
  name: (topic: string) => string;
  description: (topic: string, organisation: string) => string;
  criteria: (topic: string) => string;
}

const NBSP = '\u00a0';
const TEXTS: Record<'en-US' | 'fr-CA', BadgeTexts> = {
  'en-US': {
    name: (topic) => `Certificate of completion: ${topic}`,
    description: (topic, org) =>
      `Awarded by ${org} for completing every page of the topic “${topic}”.`,
    criteria: (topic) =>
      `Complete every page of the topic “${topic}”, and reach its pass mark when it sets one.`,
  },
  'fr-CA': {
    name: (topic) => `Attestation de réussite${NBSP}: ${topic}`,
    description: (topic, org) =>
      `Décernée par ${org} pour avoir terminé toutes les pages du sujet «${NBSP}${topic}${NBSP}».`,
    criteria: (topic) =>
      `Terminer toutes les pages du sujet «${NBSP}${topic}${NBSP}» et atteindre sa note de passage lorsqu’il en fixe une.`,
  },
};

export interface OpenBadgeInput {
  /** The credential's id: the certificate's public verify page. */
  id: string;
  issuer: { id: string; name: string; url: string };
  /** The certificate's issue time (ISO 8601); the credential keeps whole seconds (`nbf`). */
  issuedAt: string;
  /** An opaque URI of the learner (no email, no account id). */
  subjectId: string;
  learnerName: string;
  achievement: { id: string; topicName: string };
  /** The language of the texts: fr-CA, else en-US. */
  locale: string;
}

/** ISO 8601 to whole seconds, as `nbf` carries it (so that `nbf` equals `validFrom`). */
function wholeSeconds(iso: string): { seconds: number; dateTime: string } {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) throw new RangeError(`not a date: ${iso}`);
  const seconds = Math.floor(ms / 1000);
  return { seconds, dateTime: new Date(seconds * 1000).toISOString().replace('.000Z', 'Z') };
}

/** The OpenBadgeCredential (unsigned): contexts, types, issuer, subject and achievement. */
export function openBadgeCredential(input: OpenBadgeInput) {
  const lang = input.locale === 'fr-CA' ? 'fr-CA' : 'en-US';
  const texts = TEXTS[lang];
  const { dateTime } = wholeSeconds(input.issuedAt);
  const topic = input.achievement.topicName;
  return {
    '@context': OPEN_BADGE_CONTEXTS,
    id: input.id,
    type: OPEN_BADGE_TYPES,
    issuer: {
      id: input.issuer.id,
      type: ['Profile'],
      name: input.issuer.name,
      url: input.issuer.url,
    },
    validFrom: dateTime,
    awardedDate: dateTime,
    name: texts.name(topic),
    credentialSubject: {
      id: input.subjectId,
      type: ['AchievementSubject'],
      // What wallets show; the identifier below is the same name as OB 3.0 defines it.
      name: input.learnerName,
      identifier: [
        {
          type: 'IdentityObject',
          identityType: 'name',
          hashed: false,
          identityHash: input.learnerName,
        },
      ],
      achievement: {
        id: input.achievement.id,
        type: ['Achievement'],
        achievementType: 'CertificateOfCompletion',
        name: topic,
        description: texts.description(topic, input.issuer.name),
        criteria: { narrative: texts.criteria(topic) },
        inLanguage: lang,
      },
    },
    credentialSchema: [CREDENTIAL_SCHEMA],
  };
}

export type OpenBadgeCredential = ReturnType<typeof openBadgeCredential>;

/** A key as the service hands it to sign: the private half imported, never extractable. */
export interface SigningKey {
  /** The URL that resolves the public key: `{jwks}#{thumbprint}`. */
  kid: string;
  alg: string;
  privateKeyPem: string;
}

/** The credential as a VC-JWT: a compact JWS over it and its registered claims. */
export async function signOpenBadge(
  credential: OpenBadgeCredential,
  key: SigningKey,
): Promise<string> {
  const privateKey = await importPKCS8(key.privateKeyPem, key.alg);
  return new SignJWT({ ...credential })
    .setProtectedHeader({ alg: key.alg, kid: key.kid, typ: 'JWT' })
    .setIssuer(credential.issuer.id)
    .setJti(credential.id)
    .setSubject(credential.credentialSubject.id)
    .setNotBefore(wholeSeconds(credential.validFrom).seconds)
    .sign(privateKey);
}

/** A new key pair: its thumbprint, the public JWK, the private half as PKCS #8 PEM. */
export async function makeSigningKey(): Promise<{
  thumbprint: string;
  alg: string;
  publicJwk: Record<string, unknown>;
  privateKeyPem: string;
}> {
  const { publicKey, privateKey } = await generateKeyPair(SIGNING_ALG, { extractable: true });
  const jwk = await exportJWK(publicKey);
  const publicJwk = { kty: jwk.kty, crv: jwk.crv, x: jwk.x, y: jwk.y };
  return {
    thumbprint: await calculateJwkThumbprint(publicJwk),
    alg: SIGNING_ALG,
    publicJwk,
    privateKeyPem: await exportPKCS8(privateKey),
  };
}

/**
 * The learner as the credential's subject: a URN that stays the same for their certificates of
 * one organisation and tells nothing of the account (a hash of the two ids).
 */
export function subjectUrn(orgId: string, userId: string): string {
  const h = createHash('sha256').update(`open-badge-subject\0${orgId}\0${userId}`).digest('hex');
  // A UUID's shape (version 8: custom), from the hash.
  return `urn:uuid:${h.slice(0, 8)}-${h.slice(8, 12)}-8${h.slice(13, 16)}-${((parseInt(h[16]!, 16) & 3) | 8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}
