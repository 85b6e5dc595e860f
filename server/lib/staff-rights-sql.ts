/**
 * A staff account's rights in SQL: its role's (staff_role_rights) without those taken from it,
 * with those given it (staff_account_rights, migration 036). `account` is the accounts row's alias.
 */
export const staffRightsSql = (account: string): string => `ARRAY(
  SELECT r.name FROM staff_role_rights r WHERE r.role_id = ${account}.role_id
     AND NOT EXISTS (SELECT 1 FROM staff_account_rights x WHERE x.account_id = ${account}.id AND x.name = r.name AND NOT x.granted)
  UNION SELECT x.name FROM staff_account_rights x WHERE x.account_id = ${account}.id AND x.granted
  ORDER BY 1)`;
