/**
 * The names of the engine's events (engine/events.py): every event has a `type` that is one of
 * these. The page compares event types with these names only; web/tests check the list against
 * the engine's own (the fixture event_types.json, written by make_fixtures.py).
 */

export const EVENT = Object.freeze({
  MOVE: "move",
  FLIP: "flip",
  PLACE: "place",
  PHASE: "phase",
  FIRST_CARD_REDRAW: "first_card_redraw",
  CARD: "card",
  LOOK: "look",
  STEP: "step",
  WALL: "wall",
  TURNING_STONE: "turning_stone",
  TELEPORT: "teleport",
  STAY: "stay",
  PUSH: "push",
  EAT: "eat",
  MONSTER_DONE: "monster_done",
  STAGE_END: "stage_end",
  TURN: "turn",
  GAME_OVER: "game_over",
  TAKEBACK: "takeback",
});
