"""Turn plans: a seat's queued moves of this game turn, applied when its sub-turns come
(``service.features.plans.service``; the rule of matching: ``docs/rules.md``)."""
