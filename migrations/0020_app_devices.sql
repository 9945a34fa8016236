-- Device keys of app users: the public P-256 key a phone keeps its private half of. A credential
-- is bound to one through its RFC 7638 thumbprint (cnf.jkt), so a copied credential is useless
-- without the phone. A deleted device is deleted: it gets no new credentials.
CREATE TABLE app_devices (
  id          uuid PRIMARY KEY,
  app_user_id text NOT NULL,                   -- E.164, the app token's subject
  name        text,
  public_jwk  jsonb NOT NULL,                  -- { kty, crv, x, y } only
  thumbprint  text NOT NULL,                   -- RFC 7638 SHA-256, base64url
  created     timestamptz NOT NULL DEFAULT now(),
  UNIQUE (app_user_id, thumbprint)
);
CREATE INDEX app_devices_app_user ON app_devices (app_user_id, id);
