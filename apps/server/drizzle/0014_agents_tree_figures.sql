CREATE TABLE "agent_affiliate_links" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "agent_affiliate_links_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"brand_id" bigint NOT NULL,
	"agent_id" bigint NOT NULL,
	"code" text NOT NULL,
	"member_type" smallint DEFAULT 0 NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_figures_daily" (
	"member_id" bigint NOT NULL,
	"brand_id" bigint NOT NULL,
	"bet_count" integer DEFAULT 0 NOT NULL,
	"bet_amount" bigint DEFAULT 0 NOT NULL,
	"valid_bet" bigint DEFAULT 0 NOT NULL,
	"payout" bigint DEFAULT 0 NOT NULL,
	"deposit_count" integer DEFAULT 0 NOT NULL,
	"deposit_amount" bigint DEFAULT 0 NOT NULL,
	"withdrawal_count" integer DEFAULT 0 NOT NULL,
	"withdrawal_amount" bigint DEFAULT 0 NOT NULL,
	"bonus_amount" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "member_figures_daily_member_id_day_pk" PRIMARY KEY("member_id","day")
);
--> statement-breakpoint
CREATE TABLE "member_figures_hourly" (
	"member_id" bigint NOT NULL,
	"brand_id" bigint NOT NULL,
	"bet_count" integer DEFAULT 0 NOT NULL,
	"bet_amount" bigint DEFAULT 0 NOT NULL,
	"valid_bet" bigint DEFAULT 0 NOT NULL,
	"payout" bigint DEFAULT 0 NOT NULL,
	"deposit_count" integer DEFAULT 0 NOT NULL,
	"deposit_amount" bigint DEFAULT 0 NOT NULL,
	"withdrawal_count" integer DEFAULT 0 NOT NULL,
	"withdrawal_amount" bigint DEFAULT 0 NOT NULL,
	"bonus_amount" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"hour_start" timestamp with time zone NOT NULL,
	CONSTRAINT "member_figures_hourly_member_id_hour_start_pk" PRIMARY KEY("member_id","hour_start")
);
--> statement-breakpoint
CREATE TABLE "member_tree" (
	"member_id" bigint PRIMARY KEY NOT NULL,
	"brand_id" bigint NOT NULL,
	"path" text NOT NULL,
	"depth" smallint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agent_affiliate_links" ADD CONSTRAINT "agent_affiliate_links_agent_id_members_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_tree" ADD CONSTRAINT "member_tree_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agent_affiliate_links_agent_idx" ON "agent_affiliate_links" USING btree ("agent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "agent_affiliate_links_code_key" ON "agent_affiliate_links" USING btree ("brand_id",lower("code"));--> statement-breakpoint
CREATE INDEX "member_figures_daily_brand_day_idx" ON "member_figures_daily" USING btree ("brand_id","day");--> statement-breakpoint
CREATE INDEX "member_figures_hourly_brand_hour_idx" ON "member_figures_hourly" USING btree ("brand_id","hour_start");--> statement-breakpoint
CREATE INDEX "member_tree_path_idx" ON "member_tree" USING btree ("path" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "member_tree_brand_depth_idx" ON "member_tree" USING btree ("brand_id","depth");