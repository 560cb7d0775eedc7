-- Issue 37: a creator takes a loop down (DELETE /api/loops/:id). The row stays (its purchases,
-- licences and figures refer to it); status 'removed' leaves it out of every query of listed or
-- reachable loops unchanged. Alone in its migration: a new enum value is usable once committed.
ALTER TYPE "app"."loop_status" ADD VALUE IF NOT EXISTS 'removed';
