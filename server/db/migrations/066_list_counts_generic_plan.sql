-- The list counters' refresh (refresh_list_counts, migration 017) runs for every statement that
-- changes accounts, requests or instruments. PL/pgSQL gave each of its statements a plan made for
-- the ids of the call, made again on every call (the statement reading the counted rows is a join
-- of four counts per account): 2.1 ms of a refresh of one account on PGlite, 0.3 ms with the one
-- plan for any ids (an index lookup by account either way). Removing a member refreshes the counts
-- of the member and of their requests, so this is part of every step of an import's undo as well
-- as of each change staff make. stats_refresh has kept one plan since migration 063.
ALTER FUNCTION refresh_list_counts(integer[]) SET plan_cache_mode = force_generic_plan;
