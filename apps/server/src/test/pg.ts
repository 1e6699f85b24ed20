import pg from 'pg';

/** A client on the server's maintenance database, for creating and dropping test databases. */
export async function adminUrl(databaseUrl: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: databaseUrlFor(databaseUrl, 'postgres') });
  await client.connect();
  return client;
}

export function databaseUrlFor(databaseUrl: string, database: string): string {
  const url = new URL(databaseUrl);
  url.pathname = `/${database}`;
  return url.toString();
}
