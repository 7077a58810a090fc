import { customType } from 'drizzle-orm/pg-core';

/** PostgreSQL bytea as a Node Buffer. */
export const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/** PostgreSQL's 64-bit transaction id (pg_current_xact_id()), as text. */
export const xid8 = customType<{ data: string; driverData: string }>({ dataType: () => 'xid8' });
