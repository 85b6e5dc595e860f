-- Ed25519 keys that sign the member card's and the insurance certificates' QR tokens. The token
-- names its key by id (one byte), so a new key can take over signing while cards and
-- certificates signed by an older one stay valid until they expire.
CREATE TABLE card_signing_keys (
  id smallint PRIMARY KEY CHECK (id BETWEEN 1 AND 255),
  -- PKCS#8 DER of the private key, base64.
  private_key text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- Set when a newer key took over signing; the key still verifies what it signed.
  retired_at timestamptz
);
