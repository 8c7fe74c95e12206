export { buildGateway, type Gateway, type GatewayOptions } from './app.js';
export { hashPassword, verifyPassword } from './auth/passwords.js';
