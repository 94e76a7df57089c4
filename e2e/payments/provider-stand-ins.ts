import type { BrowserContext } from 'playwright-core';
import type { StripeFake } from '../../apps/server/test/fakes/stripe-fake.ts';
import type { PaypalFake } from '../../apps/server/test/fakes/paypal-fake.ts';

/** A card number Stripe's test mode declines ("Your card was declined."). */
export const DECLINED_CARD = '4000000000000002';
export const GOOD_CARD = '4242424242424242';

interface CardAnswer {
  error?: { type: string; code?: string; message: string };
  id?: string;
  status?: string;
}

/**
 * The browser half of Stripe.js and PayPal's SDK, put on window before the page loads (the web's loaders use
 * window.Stripe / window.paypal when present). Only what our web code calls through @stripe/react-stripe-js and
 * @paypal/react-paypal-js: elements(), create('payment').mount(), confirmPayment, confirmSetup, handleNextAction;
 * paypal.Buttons(props).render() with a button that runs createOrder then onApprove as the real popup does.
 * The provider's side of a confirmation (what Stripe's servers would do) is a binding into the test's Node
 * process, which drives the local fakes the server talks to.
 */
function installStandIns() {
  type Answer = { error?: { type: string; code?: string; message: string }; id?: string; status?: string };
  const w = window as unknown as Record<string, unknown> & {
    __stripeConfirm(kind: 'payment' | 'setup', clientSecret: string, card: string): Promise<Answer>;
    __paypalApprove(orderId: string): Promise<void>;
  };
  const cardInputs: HTMLInputElement[] = [];

  const element = () => {
    let root: HTMLElement | null = null;
    let error: HTMLElement | null = null;
    const el = {
      mount(target: HTMLElement) {
        root = document.createElement('div');
        const input = document.createElement('input');
        input.setAttribute('aria-label', 'Card number');
        input.dataset.testid = 'stand-in-card-number';
        error = document.createElement('p');
        error.setAttribute('role', 'alert');
        error.dataset.testid = 'stand-in-card-error';
        root.append(input, error);
        target.append(root);
        cardInputs.push(input);
      },
      showError(message: string) {
        if (error) error.textContent = message;
      },
      on: () => el,
      off: () => el,
      update() {},
      unmount: () => root?.remove(),
      destroy: () => root?.remove(),
    };
    return el;
  };

  w.Stripe = (_key: string) => {
    let mounted: ReturnType<typeof element> | null = null;
    const confirm = async (kind: 'payment' | 'setup', elements: { clientSecret: string }) => {
      const card = cardInputs.at(-1)?.value.replace(/\s/g, '') ?? '';
      // A test sets this for Stripe failing otherwise than on the card (a lost connection).
      if (w.__failNextConfirm) {
        w.__failNextConfirm = false;
        return { error: { type: 'api_connection_error', message: 'We could not reach Stripe.' } } as Answer;
      }
      const answer = await w.__stripeConfirm(kind, elements.clientSecret, card);
      // As the Payment Element does, a declined card is said inside the form.
      if (answer.error) mounted?.showError(answer.error.message);
      return answer;
    };
    return {
      elements(options: { clientSecret: string }) {
        return {
          clientSecret: options.clientSecret,
          create: () => (mounted = element()),
          getElement: () => mounted,
          update() {},
          submit: () => Promise.resolve({}),
        };
      },
      async confirmPayment({ elements }: { elements: { clientSecret: string } }) {
        const a = await confirm('payment', elements);
        return a.error ? { error: a.error } : { paymentIntent: { id: a.id, status: a.status } };
      },
      async confirmSetup({ elements }: { elements: { clientSecret: string } }) {
        const a = await confirm('setup', elements);
        return a.error ? { error: a.error } : { setupIntent: { id: a.id, status: a.status } };
      },
      handleNextAction: () => Promise.resolve({ paymentIntent: { status: 'succeeded' } }),
      // react-stripe-js checks for these before accepting the object as Stripe.
      createToken: () => Promise.resolve({}),
      createPaymentMethod: () => Promise.resolve({}),
      confirmCardPayment: () => Promise.resolve({}),
    };
  };

  type ButtonProps = {
    createOrder(data: object, actions: object): Promise<string>;
    onApprove(data: { orderID: string; payerID: string }, actions: object): Promise<void>;
    onInit?(data: object, actions: { enable(): Promise<void>; disable(): Promise<void> }): void;
  };
  w.paypal = {
    Buttons(props: ButtonProps) {
      return {
        isEligible: () => true,
        render(container: HTMLElement) {
          const button = document.createElement('button');
          button.type = 'button';
          button.textContent = 'PayPal';
          button.dataset.testid = 'stand-in-paypal';
          button.addEventListener('click', () => {
            void (async () => {
              const orderID = await props.createOrder({}, {});
              // The buyer signs in and approves in PayPal's window.
              await w.__paypalApprove(orderID);
              await props.onApprove({ orderID, payerID: 'FAKEPAYER' }, {});
            })();
          });
          container.append(button);
          props.onInit?.(
            {},
            {
              enable: () => Promise.resolve(void (button.disabled = false)),
              disable: () => Promise.resolve(void (button.disabled = true)),
            },
          );
          return Promise.resolve();
        },
        close: async () => {},
        updateProps: () => {},
      };
    },
  };
}

/** What the provider did with the last confirmations, for the test to deliver webhooks and assert on. */
export interface ProviderLog {
  succeededIntents: string[];
  declined: number;
}

/**
 * Installs the stand-ins in every page of `context`, and answers their confirmations through the fakes: a good
 * card succeeds the PaymentIntent (or SetupIntent) at the Stripe fake, a declined one answers Stripe's card_error;
 * a PayPal approval approves the order at the PayPal fake. Webhooks are the test's to send (as Stripe would, later).
 */
export async function installProviderStandIns(
  context: BrowserContext,
  stripe: StripeFake,
  paypal: PaypalFake,
): Promise<ProviderLog> {
  const log: ProviderLog = { succeededIntents: [], declined: 0 };
  await context.exposeBinding(
    '__stripeConfirm',
    (_source, kind: 'payment' | 'setup', clientSecret: string, card: string): CardAnswer => {
      const id = clientSecret.split('_secret_')[0]!;
      if (card === DECLINED_CARD) {
        log.declined += 1;
        return { error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' } };
      }
      if (card !== GOOD_CARD)
        return { error: { type: 'validation_error', message: 'Your card number is incomplete.' } };
      if (kind === 'setup') {
        stripe.confirmSetup(id, { brand: 'visa', last4: card.slice(-4) });
        return { id, status: 'succeeded' };
      }
      stripe.succeed(id);
      log.succeededIntents.push(id);
      return { id, status: 'succeeded' };
    },
  );
  await context.exposeBinding('__paypalApprove', (_source, orderId: string) => paypal.approve(orderId));
  // As a string with a no-op __name: the test transform may name inner functions through a helper the page lacks.
  await context.addInitScript({ content: `var __name = (f) => f; (${installStandIns.toString()})();` });
  return log;
}

/** Stripe delivers `payment_intent.succeeded`, signed with the webhook secret, to the server's webhook. */
export async function deliverPaymentSucceeded(
  baseUrl: string,
  stripe: StripeFake,
  intentId: string,
): Promise<number> {
  const { payload, header } = stripe.event('payment_intent.succeeded', stripe.intents.get(intentId));
  const res = await fetch(`${baseUrl}/api/v1/payment/stripe/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': header },
    body: payload,
  });
  return res.status;
}
