/**
 * Starts the fake WhatsApp Cloud API on loopback and prints its base URL (for WHATSAPP_API_URL).
 *   npm run -s fake-whatsapp -- --port 4601
 */
import { startFakeWhatsapp } from '../integrations/whatsapp/fake-server';
import { runFake } from './fake';

await runFake('fake-whatsapp', startFakeWhatsapp);
