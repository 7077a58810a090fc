import type pg from 'pg';

/**
 * Makes the database refuse every transaction named `name` (a trigger raising an error), to
 * see that a failure part-way through a bulk write undoes or skips what it should. Returns
 * the function that lifts the refusal.
 */
export async function refuseTransactionsNamed(
  pool: pg.Pool,
  name: string,
): Promise<() => Promise<void>> {
  const literal = `'${name.replaceAll("'", "''")}'`;
  await pool.query(`
    CREATE FUNCTION refuse_named_transaction() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.name = ${literal} THEN RAISE EXCEPTION 'refused by the test'; END IF;
      RETURN NEW;
    END $$;
    CREATE TRIGGER refuse_named_transaction BEFORE INSERT ON transactions
      FOR EACH ROW EXECUTE FUNCTION refuse_named_transaction();`);
  return async () => {
    await pool.query(
      'DROP TRIGGER refuse_named_transaction ON transactions; DROP FUNCTION refuse_named_transaction()',
    );
  };
}
