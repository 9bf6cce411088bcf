CREATE TABLE "attempt_counters" (
	"rule" text NOT NULL,
	"key" text NOT NULL,
	"count" integer NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone,
	CONSTRAINT "attempt_counters_rule_key_pk" PRIMARY KEY("rule","key")
);
