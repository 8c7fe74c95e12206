import type { DebitCredit, OperatorWallet, Rollback, WalletBalance, WalletReceipt } from '@exch/contracts';
import { WalletRefused } from './wallet-client.js';

/** Demo play (mode demo): play money the game server keeps itself, ₹1,00,000 a player; the operator's wallet is never called. */
export class DemoWallet implements OperatorWallet {
  private readonly balances = new Map<string, number>();
  private seq = 0;

  private of(playerId: string): number {
    return this.balances.get(playerId) ?? 1_00_000_00;
  }

  private move(playerId: string, amount: number): WalletReceipt {
    const balance = this.of(playerId) + amount;
    if (balance < 0) throw new WalletRefused('INSUFFICIENT_FUNDS', 'Insufficient balance', this.of(playerId));
    this.balances.set(playerId, balance);
    return { balance, referenceId: `demo-${++this.seq}` };
  }

  async session(playerId: string): Promise<WalletBalance> {
    return { balance: this.of(playerId), currency: 'INR' };
  }

  async balance(playerId: string): Promise<WalletBalance> {
    return { balance: this.of(playerId), currency: 'INR' };
  }

  async transaction(body: DebitCredit): Promise<WalletReceipt> {
    return this.move(body.playerId, body.txnType === 'DEBIT' ? -body.amount : body.amount);
  }

  async rollback(body: Rollback): Promise<WalletReceipt> {
    return this.move(body.playerId, body.amount);
  }
}
