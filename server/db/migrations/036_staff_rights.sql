-- Staff roles with rights. A right is named area.action (domain/staff/rights.ts lists them and
-- what each lets a staff user do); a role holds a set of rights, an administrator edits them, and
-- may give one staff user a right beyond their role or take one of the role's away. The server
-- checks the right each staff route declares on every request.
CREATE TABLE staff_roles (
  id integer PRIMARY KEY CHECK (id >= 3),
  name text NOT NULL UNIQUE CHECK (length(trim(name)) BETWEEN 1 AND 60),
  -- The three the spec names (3, 4, 5) cannot be removed; an office may add its own.
  builtin boolean NOT NULL DEFAULT false,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE SEQUENCE staff_roles_custom_id START 6 OWNED BY staff_roles.id;
ALTER TABLE staff_roles ALTER COLUMN id SET DEFAULT nextval('staff_roles_custom_id');

CREATE TABLE staff_role_rights (
  role_id integer NOT NULL REFERENCES staff_roles (id) ON DELETE CASCADE,
  name text NOT NULL CHECK (name ~ '^[a-z]+\.[a-z]+$'),
  PRIMARY KEY (role_id, name)
);

-- One staff user's own exceptions: granted = true gives a right the role lacks, false takes one away.
CREATE TABLE staff_account_rights (
  account_id integer NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  name text NOT NULL CHECK (name ~ '^[a-z]+\.[a-z]+$'),
  granted boolean NOT NULL,
  PRIMARY KEY (account_id, name)
);

-- Staff may have an office's own role (6 and up).
ALTER TABLE accounts DROP CONSTRAINT accounts_role_id_check;
ALTER TABLE accounts ADD CONSTRAINT accounts_role_id_check CHECK (role_id >= 1);

-- A deactivated staff user cannot sign in; their tokens are deleted when it happens.
ALTER TABLE accounts ADD COLUMN deactivated_at timestamptz;

INSERT INTO staff_roles (id, name, builtin) VALUES (3, 'Saksbehandler', true), (4, 'Økonomi', true), (5, 'Administrator', true);
INSERT INTO staff_role_rights (role_id, name)
SELECT 3, r FROM unnest(ARRAY['members.read', 'members.change', 'requests.decide', 'cards.send', 'logs.read']) AS r
UNION ALL
SELECT 4, r FROM unnest(ARRAY['members.read', 'members.change', 'requests.decide', 'cards.send', 'logs.read',
                              'members.export', 'billing.read', 'billing.run', 'payments.register']) AS r
UNION ALL
SELECT 5, r FROM unnest(ARRAY['members.read', 'members.change', 'requests.decide', 'cards.send', 'logs.read',
                              'members.export', 'billing.read', 'billing.run', 'payments.register',
                              'members.erase', 'templates.change', 'campaigns.change', 'content.change',
                              'outreach.send', 'imports.run', 'staff.administer']) AS r;

-- A role's rights decide what its users' tokens may do: a change is announced for every server to
-- forget the tokens it keeps (payload 'all'), as a change to one user's exceptions is for theirs.
CREATE FUNCTION notify_all_sessions_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('session_changes', 'all');
  RETURN NULL;
END
$$;
CREATE TRIGGER staff_role_rights_session_change AFTER INSERT OR UPDATE OR DELETE ON staff_role_rights
  FOR EACH STATEMENT EXECUTE FUNCTION notify_all_sessions_change();
CREATE TRIGGER staff_account_rights_session_change AFTER INSERT OR UPDATE OR DELETE ON staff_account_rights
  FOR EACH ROW EXECUTE FUNCTION notify_session_change('account_id');
CREATE TRIGGER accounts_deactivated_session_change AFTER UPDATE OF deactivated_at ON accounts FOR EACH ROW
  WHEN (OLD.deactivated_at IS DISTINCT FROM NEW.deactivated_at)
  EXECUTE FUNCTION notify_session_change('id');
