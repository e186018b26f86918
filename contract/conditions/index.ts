/**
 * The condition evaluator: pure, shared by the tablet's fill screen, the editor's preview and the
 * server's submission checks (display logic), and meant for Grow module conditions next.
 */
export * from './condition'
export * from './evaluate'
export * from './visibility'
