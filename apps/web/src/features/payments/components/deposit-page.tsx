import { useSearchParams } from 'react-router';
import { DepositForm } from './deposit-form';
import { DepositStatusPanel } from './deposit-status';
import { RecentDeposits } from './recent-deposits';
import './payments.css';

const depositIdPattern = /^\d{1,18}$/;

/**
 * depositv2: pick a channel, enter an amount, then transfer by hand (instructions, reference, slip) or pay at
 * the gateway. The gateway sends the player back to `/member?page=depositv2&deposit=<id>`.
 */
export function DepositPage() {
  const [searchParams] = useSearchParams();
  const depositId = searchParams.get('deposit');
  return (
    <div className="payments" data-testid="deposit-page">
      {depositId !== null && depositIdPattern.test(depositId) && (
        <DepositStatusPanel key={depositId} id={depositId} />
      )}
      <DepositForm />
      <RecentDeposits />
    </div>
  );
}
