CREATE TABLE "raffle_draws" (
	"promotion_id" bigint PRIMARY KEY NOT NULL,
	"brand_id" bigint NOT NULL,
	"server_seed" text NOT NULL,
	"server_seed_hash" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"draw_at" timestamp with time zone NOT NULL,
	"client_seed" text,
	"total_tickets" bigint,
	"ticket_order" jsonb,
	"winners" jsonb,
	"drawn_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "raffle_entries" (
	"promotion_id" bigint NOT NULL,
	"member_id" bigint NOT NULL,
	"brand_id" bigint NOT NULL,
	"tickets" bigint DEFAULT 0 NOT NULL,
	"deposit_remainder" bigint DEFAULT 0 NOT NULL,
	"bet_remainder" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "raffle_entries_promotion_id_member_id_pk" PRIMARY KEY("promotion_id","member_id")
);
--> statement-breakpoint
CREATE TABLE "red_envelope_packets" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "red_envelope_packets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"promotion_id" bigint NOT NULL,
	"index" integer NOT NULL,
	"amount" bigint NOT NULL,
	"member_id" bigint,
	"taken_at" timestamp with time zone,
	CONSTRAINT "red_envelope_packets_amount_check" CHECK ("red_envelope_packets"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "raffle_draws" ADD CONSTRAINT "raffle_draws_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "raffle_draws" ADD CONSTRAINT "raffle_draws_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "raffle_entries" ADD CONSTRAINT "raffle_entries_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "raffle_entries" ADD CONSTRAINT "raffle_entries_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "raffle_entries" ADD CONSTRAINT "raffle_entries_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "red_envelope_packets" ADD CONSTRAINT "red_envelope_packets_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "red_envelope_packets" ADD CONSTRAINT "red_envelope_packets_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "raffle_draws_due_idx" ON "raffle_draws" USING btree ("draw_at") WHERE "raffle_draws"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "red_envelope_packets_index_key" ON "red_envelope_packets" USING btree ("promotion_id","index");--> statement-breakpoint
CREATE INDEX "red_envelope_packets_free_idx" ON "red_envelope_packets" USING btree ("promotion_id","index") WHERE "red_envelope_packets"."member_id" is null;--> statement-breakpoint
CREATE INDEX "red_envelope_packets_member_idx" ON "red_envelope_packets" USING btree ("member_id");