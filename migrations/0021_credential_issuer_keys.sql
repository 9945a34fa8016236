-- Each project's issuer keys for offline credentials (P-256, ES256). One signs at a time (retired_at
-- IS NULL); a rotated key stops signing at retired_at and stays listed in the key set and the
-- provisioning bundle until listed_until (retired + credential lifetime + 30 days), so credentials it
-- signed keep verifying at locks until they expire and locks have a month to be re-provisioned.
CREATE TABLE credential_issuer_keys (
  project_id      uuid NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  kid             text NOT NULL,               -- RFC 7638 thumbprint of the public key
  public_jwk      jsonb NOT NULL,
  private_key_enc text NOT NULL,               -- AES-256-GCM under the master key, bound to the project
  created         timestamptz NOT NULL DEFAULT now(),
  retired_at      timestamptz,
  listed_until    timestamptz,
  PRIMARY KEY (project_id, kid)
);
CREATE UNIQUE INDEX credential_issuer_keys_signing ON credential_issuer_keys (project_id) WHERE retired_at IS NULL;
