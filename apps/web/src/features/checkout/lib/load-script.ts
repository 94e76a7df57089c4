/**
 * Loads a provider's script once. Browser tests put a stand-in on window (window.Stripe, window.paypal)
 * before the page loads, and it is used as is; production always loads the provider's real script.
 */
const pending = new Map<string, Promise<void>>();

export function loadScript(src: string, isReady: () => boolean): Promise<void> {
  if (isReady()) return Promise.resolve();
  let p = pending.get(src);
  if (!p) {
    p = new Promise<void>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = src;
      script.async = true;
      script.onload = () => (isReady() ? resolve() : reject(new Error(`${src} loaded without its API`)));
      script.onerror = () => {
        pending.delete(src);
        script.remove();
        reject(new Error(`${src} could not be loaded`));
      };
      document.head.append(script);
    });
    pending.set(src, p);
  }
  return p;
}
