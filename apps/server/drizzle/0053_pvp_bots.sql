CREATE TABLE "pvp_bot_rooms" (
	"brand_id" bigint NOT NULL,
	"room_code" text NOT NULL,
	"is_enabled" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pvp_bot_rooms_brand_id_room_code_pk" PRIMARY KEY("brand_id","room_code")
);
--> statement-breakpoint
ALTER TABLE "pvp_actions" ALTER COLUMN "member_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "pvp_seats" ALTER COLUMN "member_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "pvp_seats" ADD COLUMN "is_bot" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "pvp_bot_rooms" ADD CONSTRAINT "pvp_bot_rooms_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pvp_seats" ADD CONSTRAINT "pvp_seats_bot_check" CHECK ("pvp_seats"."is_bot" = ("pvp_seats"."member_id" is null));