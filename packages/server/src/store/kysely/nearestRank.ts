import { type RawBuilder, sql } from 'kysely';

/**
 * p50 and p95 by nearest rank in SQL, the same on both engines (decisions 0433, 0444): the last CTE and the SELECT
 * of a statement whose CTE `h` holds one row per group and value, `(…keys, ms, n)`, n being how many times the
 * value was reported (1 for a raw event, a histogram bucket's count). A running sum per group, ordered by value;
 * p is the first value whose running sum reaches p % of the group's total. Answers `(…keys, p50, p95, n)`, n the
 * group's total. `keys` are column names, comma-separated.
 */
export function nearestRanks(keys: string): RawBuilder<unknown> {
  const by = sql.raw(keys);
  return sql`c AS (
       SELECT ${by}, ms, SUM(n) OVER (PARTITION BY ${by} ORDER BY ms ROWS UNBOUNDED PRECEDING) AS run,
              SUM(n) OVER (PARTITION BY ${by}) AS total
       FROM h
     )
     SELECT ${by}, MIN(CASE WHEN run * 100 >= total * 50 THEN ms END) AS p50,
            MIN(CASE WHEN run * 100 >= total * 95 THEN ms END) AS p95, MAX(total) AS n
     FROM c GROUP BY ${by}`;
}
