-- Passkeys (WebAuthn) of staff members, the stronger second factor: the credential as
-- webauthn-rs keeps it (JSON: its id, public key and counter; no secret).
CREATE TABLE staff_passkeys (
    passkey_id TEXT PRIMARY KEY NOT NULL,
    staff_id TEXT NOT NULL REFERENCES staff_members (staff_id),
    name TEXT NOT NULL,
    credential TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    last_used_at BIGINT
);
CREATE INDEX staff_passkeys_by_staff ON staff_passkeys (staff_id);

-- A passkey ceremony between its two calls: registering (keyed by the member) or signing in
-- (keyed by the hash of the sign-in challenge). Short-lived.
CREATE TABLE staff_passkey_ceremonies (
    ceremony_key TEXT PRIMARY KEY NOT NULL,
    staff_id TEXT NOT NULL REFERENCES staff_members (staff_id),
    state TEXT NOT NULL,
    expires_at BIGINT NOT NULL
);
