/** A limit: at most `limit` events per `key` in a fixed window of `windowSeconds`. */
export interface RateRule {
  /** Names the rule; counters of different rules never mix. */
  bucket: string;
  limit: number;
  windowSeconds: number;
}
