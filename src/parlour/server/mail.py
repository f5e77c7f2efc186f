"""E-mail to players: one message per turn waiting for an account that gave an address and asked for it.

Sent through the SMTP server of the settings (``smtp_host`` …; none: no e-mail is sent), on a thread so the
event loop never waits for it, at most ``MAX_SENDING`` at once (more are dropped and logged: a mail server
that stalls cannot pile up the process's memory). A failure is logged without the password, and play goes
on. The message is in the account's language, through the catalogs.
"""

from __future__ import annotations

import asyncio
import logging
import smtplib
from email.message import EmailMessage

from parlour.core.i18n import gettext
from parlour.server.masking import mask
from parlour.server.settings import Settings

log = logging.getLogger("parlour.server")
MAX_SENDING = 16
"""Messages being sent at once at most; one more is dropped (and logged)."""
SMTP_SECONDS = 10.0
"""Longest wait for the mail server."""


class Mailer:
    """Sends the turn messages (``turn``) through the settings' SMTP server."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.sending: set[asyncio.Task[None]] = set()
        self.sent = 0
        """Messages the mail server accepted (for tests and the curious)."""

    @property
    def enabled(self) -> bool:
        return self.settings.smtp_host is not None

    def turn(self, to: str, player: str, table_name: str, table_id: str, lang: str) -> None:
        """Tell ``player`` at ``to`` that table ``table_name`` waits for their move (sent in the background)."""
        if not self.enabled:
            return
        if len(self.sending) >= MAX_SENDING:
            log.warning("turn e-mail for table %s dropped: %d messages are being sent already", table_id, MAX_SENDING)
            return
        message = EmailMessage()
        message["From"] = self.settings.smtp_from
        message["To"] = to
        message["Subject"] = gettext("Your turn at {table}", lang).format(table=table_name)
        link = f"{self.settings.public_url.rstrip('/')}/?table={table_id}"
        message.set_content(gettext("{player}, it is your turn at {table}.\n\nPlay: {link}\n\nYou get this message "
                                    "because you asked for one when a turn waits for you; turn it off on your "
                                    "account.", lang).format(player=player, table=table_name, link=link))
        task = asyncio.get_running_loop().create_task(asyncio.to_thread(self.send, message))
        self.sending.add(task)
        task.add_done_callback(self.sending.discard)

    def send(self, message: EmailMessage) -> None:
        settings = self.settings
        assert settings.smtp_host is not None
        try:
            with smtplib.SMTP(settings.smtp_host, settings.smtp_port, timeout=SMTP_SECONDS) as smtp:
                if settings.smtp_starttls:
                    smtp.starttls()
                if settings.smtp_user is not None and settings.smtp_password is not None:
                    smtp.login(settings.smtp_user, settings.smtp_password.get_secret_value())
                smtp.send_message(message)
            self.sent += 1
        except (OSError, smtplib.SMTPException) as e:
            log.warning("turn e-mail to the mail server %s not sent: %s", settings.smtp_host, mask(str(e)))

    async def close(self) -> None:
        """Wait for the messages under way (server shutdown)."""
        await asyncio.gather(*self.sending, return_exceptions=True)
