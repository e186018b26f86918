/** Spec §2: a blank placeholder shows while a lazy screen loads. */
export function Blank() {
  return <div className="h-full bg-canvas" />
}
