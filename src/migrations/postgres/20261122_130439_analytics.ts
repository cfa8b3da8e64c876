import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_analytics_events_device" AS ENUM('mobile', 'tablet', 'desktop');
  CREATE TABLE "analytics_events" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"name" varchar NOT NULL,
  	"ts" timestamp(3) with time zone NOT NULL,
  	"day" varchar NOT NULL,
  	"path" varchar NOT NULL,
  	"url" varchar,
  	"referrer_host" varchar,
  	"device" "enum_analytics_events_device",
  	"visitor" varchar NOT NULL,
  	"session" varchar NOT NULL,
  	"conversion" boolean DEFAULT false,
  	"props" jsonb,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "analytics_salts" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"day" varchar NOT NULL,
  	"salt" varchar NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "analytics_events_id" integer;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "analytics_salts_id" integer;
  ALTER TABLE "site_settings" ADD COLUMN "analytics_tag_origins_google" varchar;
  ALTER TABLE "site_settings" ADD COLUMN "analytics_tag_origins_clarity" varchar;
  ALTER TABLE "site_settings" ADD COLUMN "analytics_tag_origins_hotjar" varchar;
  CREATE INDEX "analytics_events_name_idx" ON "analytics_events" USING btree ("name");
  CREATE INDEX "analytics_events_day_idx" ON "analytics_events" USING btree ("day");
  CREATE INDEX "analytics_events_referrer_host_idx" ON "analytics_events" USING btree ("referrer_host");
  CREATE INDEX "analytics_events_session_idx" ON "analytics_events" USING btree ("session");
  CREATE INDEX "analytics_events_updated_at_idx" ON "analytics_events" USING btree ("updated_at");
  CREATE INDEX "analytics_events_created_at_idx" ON "analytics_events" USING btree ("created_at");
  CREATE INDEX "day_name_idx" ON "analytics_events" USING btree ("day","name");
  CREATE INDEX "day_path_idx" ON "analytics_events" USING btree ("day","path");
  CREATE INDEX "day_visitor_idx" ON "analytics_events" USING btree ("day","visitor");
  CREATE UNIQUE INDEX "analytics_salts_day_idx" ON "analytics_salts" USING btree ("day");
  CREATE INDEX "analytics_salts_updated_at_idx" ON "analytics_salts" USING btree ("updated_at");
  CREATE INDEX "analytics_salts_created_at_idx" ON "analytics_salts" USING btree ("created_at");
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_analytics_events_fk" FOREIGN KEY ("analytics_events_id") REFERENCES "public"."analytics_events"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_analytics_salts_fk" FOREIGN KEY ("analytics_salts_id") REFERENCES "public"."analytics_salts"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "payload_locked_documents_rels_analytics_events_id_idx" ON "payload_locked_documents_rels" USING btree ("analytics_events_id");
  CREATE INDEX "payload_locked_documents_rels_analytics_salts_id_idx" ON "payload_locked_documents_rels" USING btree ("analytics_salts_id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "analytics_events" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "analytics_salts" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "analytics_events" CASCADE;
  DROP TABLE "analytics_salts" CASCADE;
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_analytics_events_fk";
  
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_analytics_salts_fk";
  
  DROP INDEX "payload_locked_documents_rels_analytics_events_id_idx";
  DROP INDEX "payload_locked_documents_rels_analytics_salts_id_idx";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "analytics_events_id";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "analytics_salts_id";
  ALTER TABLE "site_settings" DROP COLUMN "analytics_tag_origins_google";
  ALTER TABLE "site_settings" DROP COLUMN "analytics_tag_origins_clarity";
  ALTER TABLE "site_settings" DROP COLUMN "analytics_tag_origins_hotjar";
  DROP TYPE "public"."enum_analytics_events_device";`)
}
