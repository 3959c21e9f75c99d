/**
 * Sign-in messages on the communication area (issue 13 "The OTP messages of sign-in move onto this
 * area"): the AccountMessagesPort auth (OTPs) and users (email-change codes) send through. An email
 * to a user of a company that chose SMTP goes through that company's server, with its sealed
 * password opened here; otherwise (no company, the local provider) through the platform's
 * provider, which outside production logs the code for the developer. An OTP also goes by SMS
 * (otp-messages.ts). Either way the message is recorded in message_outbox with its secrets left out.
 */
import type { Db } from '../../db/client';
import type { ModuleDeps } from '../../http/deps';
import type { AccountMessagesPort } from '../../http/ports';
import { queueAndSend, type MessageProvider } from '../../messaging/provider';
import { refusingProvider, sendOtpMessages, throughChannel } from './otp-messages';
import { existingSettings, providerFor } from './settings-service';

/** Builds the port from the app's dependencies (`defineArea({ provides })`). */
export function accountMessagesPort(deps: Pick<ModuleDeps, 'db' | 'config' | 'messages'>): AccountMessagesPort {
  const db: Db = deps.db;
  const port: AccountMessagesPort = {
    async send(message) {
      const settings = message.companyId && message.channel === 'email' ? await existingSettings(db, message.companyId) : null;
      let provider: MessageProvider = deps.messages;
      if (settings?.emailProvider === 'smtp') {
        try {
          provider = throughChannel(await providerFor(db, deps.config, settings.companyId, 'email'), settings.companyId, 'email');
        } catch (err) {
          // Settings incomplete or a credential that no longer opens: the code must still reach the user.
          provider = refusingProvider('smtp', err);
        }
      }
      return queueAndSend(db, provider, message);
    },
    sendOtp: (message) => sendOtpMessages(deps, port.send, message),
  };
  return port;
}
