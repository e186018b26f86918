/**
 * The condition evaluator: pure, shared by the tablet's fill screen, the editor's preview and the
 * server's submission checks (display logic), and by Grow module conditions (advice.ts), which
 * the tablet and the server both run on a customer's latest answers.
 */
export * from './advice'
export * from './condition'
export * from './evaluate'
export * from './visibility'
