// node-postgres's own conversion of a query parameter to its text (or binary) form, which
// pglite-exchange.ts uses so that the embedded database receives parameters exactly as PostgreSQL
// does from node-postgres. The package ships it untyped.
declare module 'pg/lib/utils.js' {
  export function prepareValue(value: unknown): string | Buffer | null;
}
