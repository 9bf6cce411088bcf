/** An amount with its currency, kept together and left to right inside Urdu text. */
export function Money({ amount, currency }: { amount: string; currency: string }) {
  return (
    <bdi className="payments-money">
      {amount} {currency}
    </bdi>
  );
}
