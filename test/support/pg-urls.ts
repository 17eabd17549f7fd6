/** The database every PostgreSQL test database is copied from. */
export const TEMPLATE_DB = 'prosa_test_template';

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}
