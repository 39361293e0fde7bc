-- The back office's staff, separate from customers: invited by mail, a password and two
-- factors (a TOTP secret sealed with the server's key, recovery codes stored hashed).
-- `sites` and `permissions` are JSON arrays; an empty `sites` means every site.
CREATE TABLE staff_members (
    staff_id TEXT PRIMARY KEY NOT NULL,
    email_address TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    role TEXT NOT NULL,
    sites TEXT NOT NULL DEFAULT '[]',
    language TEXT NOT NULL DEFAULT 'nl',
    password_hash TEXT,
    totp_secret_sealed TEXT,
    -- The RFC 6238 time step of the last accepted code: a code is accepted once.
    totp_last_step BIGINT NOT NULL DEFAULT 0,
    created_at BIGINT NOT NULL,
    disabled_at BIGINT
);

CREATE TABLE staff_invitations (
    token_hash TEXT PRIMARY KEY NOT NULL,
    staff_id TEXT NOT NULL REFERENCES staff_members (staff_id),
    expires_at BIGINT NOT NULL,
    -- The secret shown while the invitation is accepted, until a code proves it was stored.
    pending_totp_secret_sealed TEXT,
    used_at BIGINT
);

CREATE TABLE staff_recovery_codes (
    code_hash TEXT PRIMARY KEY NOT NULL,
    staff_id TEXT NOT NULL REFERENCES staff_members (staff_id),
    used_at BIGINT
);
CREATE INDEX staff_recovery_codes_by_staff ON staff_recovery_codes (staff_id);

-- Between the password and the second factor: a short-lived challenge.
CREATE TABLE staff_sign_in_challenges (
    challenge_hash TEXT PRIMARY KEY NOT NULL,
    staff_id TEXT NOT NULL REFERENCES staff_members (staff_id),
    expires_at BIGINT NOT NULL
);

CREATE TABLE staff_sessions (
    session_hash TEXT PRIMARY KEY NOT NULL,
    -- The id the session list shows and ends sessions by; not the cookie's value.
    public_id TEXT NOT NULL UNIQUE,
    staff_id TEXT NOT NULL REFERENCES staff_members (staff_id),
    started_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL,
    last_seen_at BIGINT NOT NULL,
    device TEXT NOT NULL,
    address TEXT NOT NULL
);
CREATE INDEX staff_sessions_by_staff ON staff_sessions (staff_id);

CREATE TABLE staff_sign_ins (
    staff_id TEXT NOT NULL REFERENCES staff_members (staff_id),
    at BIGINT NOT NULL,
    address TEXT NOT NULL,
    device TEXT NOT NULL,
    outcome TEXT NOT NULL
);
CREATE INDEX staff_sign_ins_by_staff ON staff_sign_ins (staff_id, at);

-- Keys of other systems (the laboratory, a warehouse system): stored hashed, shown once.
CREATE TABLE integration_keys (
    key_id TEXT PRIMARY KEY NOT NULL,
    key_hash TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    permissions TEXT NOT NULL,
    sites TEXT NOT NULL DEFAULT '[]',
    created_by TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    last_used_at BIGINT,
    revoked_at BIGINT
);

-- Every change by staff or a key. Entry n holds the hash of entry n - 1, so changing or
-- removing a stored entry breaks the chain (`host-server verify-audit`); the primary key
-- makes two servers appending at once take turns.
CREATE TABLE audit_entries (
    entry_id BIGINT PRIMARY KEY NOT NULL,
    at BIGINT NOT NULL,
    actor_kind TEXT NOT NULL,
    actor_id TEXT NOT NULL,
    actor_name TEXT NOT NULL,
    address TEXT NOT NULL,
    action TEXT NOT NULL,
    entity_type TEXT NOT NULL,
    entity_id TEXT NOT NULL,
    changes TEXT NOT NULL,
    previous_hash TEXT NOT NULL,
    entry_hash TEXT NOT NULL
);
CREATE INDEX audit_entries_by_entity ON audit_entries (entity_type, entity_id);
CREATE INDEX audit_entries_by_time ON audit_entries (at);

CREATE FUNCTION audit_entries_append_only() RETURNS trigger AS $$
BEGIN
    RAISE EXCEPTION 'the audit trail is append-only';
END;
$$ LANGUAGE plpgsql;
CREATE TRIGGER audit_entries_are_not_changed BEFORE UPDATE OR DELETE ON audit_entries
    FOR EACH ROW EXECUTE FUNCTION audit_entries_append_only();
