-- Data analysis rollups (issue 6 item 7), kept current by statement-level triggers in the
-- writer's transaction: one set-based upsert per statement, however many rows it wrote.
-- A deletion only subtracts (UPDATE), so a cascade from a deleted designer or course, whose
-- rollup rows are already gone, never re-inserts them.

CREATE FUNCTION analytics_fans_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO fan_daily_rollups (designer_id, day, followed)
  SELECT designer_id, (followed_at AT TIME ZONE 'Asia/Shanghai')::date, count(*)
  FROM added GROUP BY 1, 2
  ON CONFLICT (designer_id, day) DO UPDATE SET followed = fan_daily_rollups.followed + excluded.followed;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION analytics_fans_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE fan_daily_rollups r SET followed = r.followed - d.n
  FROM (SELECT designer_id, (followed_at AT TIME ZONE 'Asia/Shanghai')::date AS day, count(*) AS n
        FROM removed GROUP BY 1, 2) d
  WHERE r.designer_id = d.designer_id AND r.day = d.day;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION analytics_fans_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO fan_daily_rollups (designer_id, day, followed)
  SELECT designer_id, day, sum(n) FROM (
    SELECT designer_id, (followed_at AT TIME ZONE 'Asia/Shanghai')::date AS day, 1 AS n FROM added
    UNION ALL
    SELECT designer_id, (followed_at AT TIME ZONE 'Asia/Shanghai')::date, -1 FROM removed
  ) d GROUP BY 1, 2 HAVING sum(n) <> 0
  ON CONFLICT (designer_id, day) DO UPDATE SET followed = fan_daily_rollups.followed + excluded.followed;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER fans_analytics_insert AFTER INSERT ON fans REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_fans_added();
--> statement-breakpoint
CREATE TRIGGER fans_analytics_delete AFTER DELETE ON fans REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_fans_removed();
--> statement-breakpoint
CREATE TRIGGER fans_analytics_update AFTER UPDATE ON fans REFERENCING OLD TABLE AS removed NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_fans_changed();
--> statement-breakpoint
CREATE FUNCTION analytics_unfollows_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO fan_daily_rollups (designer_id, day, followed, unfollowed)
  SELECT designer_id, day, sum(f), sum(u) FROM (
    SELECT designer_id, (followed_at AT TIME ZONE 'Asia/Shanghai')::date AS day, 1 AS f, 0 AS u FROM added
    UNION ALL
    SELECT designer_id, (unfollowed_at AT TIME ZONE 'Asia/Shanghai')::date, 0, 1 FROM added
  ) d GROUP BY 1, 2
  ON CONFLICT (designer_id, day) DO UPDATE SET
    followed = fan_daily_rollups.followed + excluded.followed,
    unfollowed = fan_daily_rollups.unfollowed + excluded.unfollowed;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION analytics_unfollows_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE fan_daily_rollups r SET followed = r.followed - d.f, unfollowed = r.unfollowed - d.u
  FROM (SELECT designer_id, day, sum(f) AS f, sum(u) AS u FROM (
          SELECT designer_id, (followed_at AT TIME ZONE 'Asia/Shanghai')::date AS day, 1 AS f, 0 AS u FROM removed
          UNION ALL
          SELECT designer_id, (unfollowed_at AT TIME ZONE 'Asia/Shanghai')::date, 0, 1 FROM removed
        ) x GROUP BY 1, 2) d
  WHERE r.designer_id = d.designer_id AND r.day = d.day;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER fan_unfollows_analytics_insert AFTER INSERT ON fan_unfollows REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_unfollows_added();
--> statement-breakpoint
CREATE TRIGGER fan_unfollows_analytics_delete AFTER DELETE ON fan_unfollows REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_unfollows_removed();
--> statement-breakpoint
CREATE FUNCTION analytics_orders_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO boutique_daily_sales (designer_id, day, orders, quantity, amount)
  SELECT designer_id, (created_at AT TIME ZONE 'Asia/Shanghai')::date, count(*), sum(quantity), sum(total)
  FROM added WHERE state <> 'refunded' GROUP BY 1, 2
  ON CONFLICT (designer_id, day) DO UPDATE SET
    orders = boutique_daily_sales.orders + excluded.orders,
    quantity = boutique_daily_sales.quantity + excluded.quantity,
    amount = boutique_daily_sales.amount + excluded.amount;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION analytics_orders_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE boutique_daily_sales r
  SET orders = r.orders - d.orders, quantity = r.quantity - d.quantity, amount = r.amount - d.amount
  FROM (SELECT designer_id, (created_at AT TIME ZONE 'Asia/Shanghai')::date AS day,
               count(*) AS orders, sum(quantity) AS quantity, sum(total) AS amount
        FROM removed WHERE state <> 'refunded' GROUP BY 1, 2) d
  WHERE r.designer_id = d.designer_id AND r.day = d.day;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION analytics_orders_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO boutique_daily_sales (designer_id, day, orders, quantity, amount)
  SELECT designer_id, day, sum(o), sum(q), sum(a) FROM (
    SELECT designer_id, (created_at AT TIME ZONE 'Asia/Shanghai')::date AS day, 1 AS o, quantity AS q, total AS a
    FROM added WHERE state <> 'refunded'
    UNION ALL
    SELECT designer_id, (created_at AT TIME ZONE 'Asia/Shanghai')::date, -1, -quantity, -total
    FROM removed WHERE state <> 'refunded'
  ) d GROUP BY 1, 2 HAVING sum(o) <> 0 OR sum(q) <> 0 OR sum(a) <> 0
  ON CONFLICT (designer_id, day) DO UPDATE SET
    orders = boutique_daily_sales.orders + excluded.orders,
    quantity = boutique_daily_sales.quantity + excluded.quantity,
    amount = boutique_daily_sales.amount + excluded.amount;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER boutique_orders_analytics_insert AFTER INSERT ON boutique_orders REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_orders_added();
--> statement-breakpoint
CREATE TRIGGER boutique_orders_analytics_delete AFTER DELETE ON boutique_orders REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_orders_removed();
--> statement-breakpoint
CREATE TRIGGER boutique_orders_analytics_update AFTER UPDATE ON boutique_orders REFERENCING OLD TABLE AS removed NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_orders_changed();
--> statement-breakpoint
CREATE FUNCTION analytics_purchases_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO course_daily_stats (course_id, day, sales, revenue, rating_sum, ratings)
  SELECT course_id, (bought_at AT TIME ZONE 'Asia/Shanghai')::date, count(*), sum(price_paid),
         coalesce(sum(rating), 0), count(rating)
  FROM added GROUP BY 1, 2
  ON CONFLICT (course_id, day) DO UPDATE SET
    sales = course_daily_stats.sales + excluded.sales,
    revenue = course_daily_stats.revenue + excluded.revenue,
    rating_sum = course_daily_stats.rating_sum + excluded.rating_sum,
    ratings = course_daily_stats.ratings + excluded.ratings;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION analytics_purchases_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE course_daily_stats r
  SET sales = r.sales - d.sales, revenue = r.revenue - d.revenue,
      rating_sum = r.rating_sum - d.rating_sum, ratings = r.ratings - d.ratings
  FROM (SELECT course_id, (bought_at AT TIME ZONE 'Asia/Shanghai')::date AS day, count(*) AS sales,
               sum(price_paid) AS revenue, coalesce(sum(rating), 0) AS rating_sum, count(rating) AS ratings
        FROM removed GROUP BY 1, 2) d
  WHERE r.course_id = d.course_id AND r.day = d.day;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION analytics_purchases_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO course_daily_stats (course_id, day, sales, revenue, rating_sum, ratings)
  SELECT course_id, day, sum(s), sum(r), sum(rs), sum(rc) FROM (
    SELECT course_id, (bought_at AT TIME ZONE 'Asia/Shanghai')::date AS day, 1 AS s, price_paid AS r,
           coalesce(rating, 0) AS rs, (rating IS NOT NULL)::int AS rc FROM added
    UNION ALL
    SELECT course_id, (bought_at AT TIME ZONE 'Asia/Shanghai')::date, -1, -price_paid,
           -coalesce(rating, 0), -(rating IS NOT NULL)::int FROM removed
  ) d GROUP BY 1, 2 HAVING sum(s) <> 0 OR sum(r) <> 0 OR sum(rs) <> 0 OR sum(rc) <> 0
  ON CONFLICT (course_id, day) DO UPDATE SET
    sales = course_daily_stats.sales + excluded.sales,
    revenue = course_daily_stats.revenue + excluded.revenue,
    rating_sum = course_daily_stats.rating_sum + excluded.rating_sum,
    ratings = course_daily_stats.ratings + excluded.ratings;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER course_purchases_analytics_insert AFTER INSERT ON course_purchases REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_purchases_added();
--> statement-breakpoint
CREATE TRIGGER course_purchases_analytics_delete AFTER DELETE ON course_purchases REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_purchases_removed();
--> statement-breakpoint
CREATE TRIGGER course_purchases_analytics_update AFTER UPDATE ON course_purchases REFERENCING OLD TABLE AS removed NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_purchases_changed();
--> statement-breakpoint
-- Rows written before these triggers existed.
INSERT INTO fan_daily_rollups (designer_id, day, followed)
SELECT designer_id, (followed_at AT TIME ZONE 'Asia/Shanghai')::date, count(*) FROM fans GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO boutique_daily_sales (designer_id, day, orders, quantity, amount)
SELECT designer_id, (created_at AT TIME ZONE 'Asia/Shanghai')::date, count(*), sum(quantity), sum(total)
FROM boutique_orders WHERE state <> 'refunded' GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO course_daily_stats (course_id, day, sales, revenue, rating_sum, ratings)
SELECT course_id, (bought_at AT TIME ZONE 'Asia/Shanghai')::date, count(*), sum(price_paid),
       coalesce(sum(rating), 0), count(rating)
FROM course_purchases GROUP BY 1, 2;
