import { z } from "zod";

const name = z.string({ error: "must be a string" }).trim().min(1, "must not be empty").max(100, "must be at most 100 characters");

/** `POST /api/access-control/signing-key`: the body is optional (Livepeer's SDK sends none). */
export const createSigningKeySchema = z.strictObject({ name: name.optional() }).meta({ example: { name: "Web app" } });

export type CreateSigningKey = z.infer<typeof createSigningKeySchema>;

/** `PATCH /api/access-control/signing-key/{id}`: rename, or disable (enable) it. */
export const signingKeyPatchSchema = z
  .strictObject({ name: name.optional(), disabled: z.boolean({ error: "must be true or false" }).optional() })
  .meta({ example: { disabled: true } });

export type SigningKeyPatchInput = z.infer<typeof signingKeyPatchSchema>;

const PUBLIC_KEY_EXAMPLE = "LS0tLS1CRUdJTiBQVUJMSUMgS0VZLS0tLS0KTUZrd0V3WUhLb1pJemowQ0FRWUlLb1pJemowREFRY0RRZ0FF…";

/** Livepeer Studio's SigningKey, as its SDK reads it. */
export const signingKeySchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    publicKey: z.string().meta({ description: "Base64 of the SPKI PEM of the ES256 (P-256) public key: the `pub` claim of the tokens it signs." }),
    createdAt: z.number(),
    disabled: z.boolean().meta({ description: "A disabled key's tokens are refused, and the media links they opened stop working." }),
    lastSeen: z.number().optional().meta({ description: "When a token signed with it was last accepted (to the minute)." }),
  })
  .meta({
    id: "SigningKey",
    example: { id: "3c1f9a2e-8b7d-4c6e-9f5a-1b2c3d4e5f6a", name: "Web app", publicKey: PUBLIC_KEY_EXAMPLE, createdAt: 1763740000000, disabled: false },
  });

export type SigningKey = z.infer<typeof signingKeySchema>;

/** The answer that created a key: the only one that carries its private key. */
export const createdSigningKeySchema = signingKeySchema
  .extend({
    privateKey: z.string().meta({
      description: "Base64 of the PKCS#8 PEM of the private key, as `signAccessJwt` of `@livepeer/core/crypto` reads it. Shown this once: it is not kept.",
    }),
  })
  .meta({ id: "CreatedSigningKey" });

export type CreatedSigningKey = z.infer<typeof createdSigningKeySchema>;
