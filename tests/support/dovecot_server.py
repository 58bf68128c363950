"""A real throwaway Dovecot IMAP server (Debian's ``dovecot-imapd``) on free loopback ports.

One mailbox account (:data:`USER`, :data:`PASSWORD`) with a maildir in the server's folder,
and plus addressing as a provider has it (``recipient_delimiter = +``: ``user+anything@`` is
the user's mail). ``port`` speaks plain IMAP and takes STARTTLS, ``ssl_port`` speaks TLS from
the first byte, both with a certificate made by openssl for 127.0.0.1 (``ca_file`` trusts
it). ``idle=False`` makes a plainer server that announces neither IDLE nor MOVE (as some
older or smaller servers do): the door then polls and copies. Mail is delivered by APPEND,
with the Delivered-To and Return-Path headers a delivering server adds.

Dovecot runs in a session of its own; stopping it ends its whole process group. As root,
Dovecot's master runs as root and everything else as Debian's ``dovecot`` and
``dovenull`` users (Dovecot gives no mail access as root); as another user, everything runs
as that user. The folder is made with ``tempfile.mkdtemp`` (pytest's are private to root).
"""

from __future__ import annotations

import contextlib
import grp
import imaplib
import os
import pwd
import re
import shutil
import signal
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from tests.support.binaries import find_program
from tests.support.ports import HOST, free_port, wait_for_port
from tests.support.processes import ServerProcess

USER = "play@mail.example"
PASSWORD = "imap-test-password"
_LISTED = re.compile(rb'\(.*?\) (?:"[^"]*"|NIL) (.+)')  # a LIST line: flags, separator, name
CAPABILITIES_WITHOUT_IDLE = "IMAP4rev1 LITERAL+ SASL-IR ID ENABLE NAMESPACE UNSELECT UIDPLUS"

CONFIG = """\
base_dir = {folder}/run
state_dir = {folder}/state
log_path = {folder}/dovecot.log
protocols = imap
listen = {host}
ssl = yes
ssl_cert = <{folder}/cert.pem
ssl_key = <{folder}/key.pem
disable_plaintext_auth = no
auth_mechanisms = plain login
# A wrong password is answered at once: no delay, and no penalty for the address that
# would slow every later login of the session (production servers wait, against guessing).
auth_failure_delay = 0
passdb {{
  driver = passwd-file
  args = scheme=PLAIN {folder}/passwd
}}
userdb {{
  driver = static
  args = uid={mail_user} gid={mail_group} home={folder}/home/%u
}}
mail_location = maildir:~/Maildir
recipient_delimiter = +
first_valid_uid = 1
default_internal_user = {mail_user}
default_internal_group = {mail_group}
default_login_user = {login_user}
# Tell an IDLE client of new mail at once, also where inotify does not reach.
mailbox_idle_check_interval = 1 secs
service imap-login {{
  chroot = {chroot}
  inet_listener imap {{
    address = {host}
    port = {port}
  }}
  inet_listener imaps {{
    address = {host}
    port = {ssl_port}
    ssl = yes
  }}
}}
service anvil {{
  chroot = {anvil_chroot}
  unix_listener anvil-auth-penalty {{
    mode = 0
  }}
}}
{capabilities}
"""


class DovecotServer:
    """A Dovecot in ``folder`` (configuration, certificate, maildir, log) on two ports."""

    def __init__(self, folder: Path, *, idle: bool = True) -> None:
        self.program = find_program("dovecot", "dovecot-imapd", "/usr/sbin/dovecot")
        self.folder = folder
        self.idle = idle
        self.host = HOST
        self.port = free_port()
        self.ssl_port = free_port()
        self.root = os.geteuid() == 0
        self._process = ServerProcess("dovecot", folder / "dovecot.out")
        self._configure()

    @property
    def ca_file(self) -> Path:
        """Return the server's certificate, which a client trusts to check it."""
        return self.folder / "cert.pem"

    @property
    def log_path(self) -> Path:
        """Return Dovecot's log."""
        return self.folder / "dovecot.log"

    @property
    def pid(self) -> int | None:
        """Return the master process's id (``None`` before the first start)."""
        return self._process.pid

    @property
    def is_running(self) -> bool:
        """Return whether the master process is alive."""
        return self._process.is_running

    def start(self) -> None:
        """Start Dovecot in the foreground and wait until both ports accept connections."""
        self._process.start([self.program, "-F", "-c", str(self.folder / "dovecot.conf")],
                            cwd=self.folder)
        try:
            for port in (self.port, self.ssl_port):
                wait_for_port(port, self.host, gave_up=self._exit_message)
        except BaseException:
            self.stop()
            raise

    def stop(self) -> None:
        """Stop Dovecot (SIGTERM to the master, and wait), then SIGKILL what it left of its
        process group: the mail processes of open connections outlive the master, and a
        server that stops must end its connections, as a restarted one does."""
        master = self._process.pid
        self._process.stop()
        if master is not None:
            with contextlib.suppress(ProcessLookupError):  # nothing left
                os.killpg(master, signal.SIGKILL)

    def restart(self) -> None:
        """Stop and start again on the same ports; the mail stays."""
        self.stop()
        self.start()

    def client(self) -> imaplib.IMAP4:
        """Return a new plain connection, logged in as :data:`USER` (the tests' own look)."""
        connection = imaplib.IMAP4(self.host, self.port, timeout=10)
        connection.login(USER, PASSWORD)
        return connection

    def deliver(self, raw: bytes, *, to: str | None = None, sender: str | None = None,
                folder: str = "INBOX") -> None:
        """Put ``raw`` into ``folder`` as a delivering server would: with ``Return-Path:
        <sender>`` and ``Delivered-To: <to>`` above its own headers when they are given."""
        added = b""
        if sender is not None:
            added += f"Return-Path: <{sender}>\r\n".encode()
        if to is not None:
            added += f"Delivered-To: {to}\r\n".encode()
        connection = self.client()
        try:
            typ, data = connection.append(folder, None, None, added + raw)
            assert typ == "OK", data
        finally:
            connection.logout()

    def messages(self, folder: str = "INBOX") -> list[tuple[set[str], bytes]]:
        """Return the flags and the bytes of each message in ``folder`` (not marking them
        seen); an empty list when the folder does not exist."""
        connection = self.client()
        try:
            typ, count = connection.select(f'"{folder}"', readonly=True)
            if typ != "OK" or count[0] == b"0":
                return []
            typ, data = connection.fetch("1:*", "(FLAGS BODY.PEEK[])")
            found = []
            for item in data:
                if isinstance(item, tuple):
                    flags = imaplib.ParseFlags(item[0])
                    found.append(({flag.decode() for flag in flags}, item[1]))
            return found
        finally:
            connection.logout()

    def folders(self) -> set[str]:
        """Return the names of the account's folders."""
        connection = self.client()
        try:
            _typ, data = connection.list()
            names = (_LISTED.fullmatch(item) for item in data if isinstance(item, bytes))
            return {_unquoted(found[1].decode()) for found in names if found is not None}
        finally:
            connection.logout()

    def clear(self) -> None:
        """Delete every message and every folder but INBOX."""
        connection = self.client()
        try:
            for name in self.folders():
                if name.upper() == "INBOX":
                    _typ, count = connection.select("INBOX")
                    if count[0] != b"0":
                        connection.store("1:*", "+FLAGS.SILENT", r"(\Deleted)")
                    connection.close()  # expunges what is flagged
                else:
                    connection.delete(f'"{name}"')
        finally:
            connection.logout()

    def _configure(self) -> None:
        """Write the configuration, the account and a certificate for 127.0.0.1."""
        if self.root:  # Dovecot's own chroots
            mail_user, login_user, chroot, anvil_chroot = "dovecot", "dovenull", "login", "empty"
        else:  # no chroot without root
            mail_user = login_user = pwd.getpwuid(os.geteuid()).pw_name
            chroot = anvil_chroot = ""
        mail_group = grp.getgrgid(pwd.getpwnam(mail_user).pw_gid).gr_name
        for name in ("run", "state", "home"):
            (self.folder / name).mkdir(exist_ok=True)
        capabilities = "" if self.idle else f"imap_capability = {CAPABILITIES_WITHOUT_IDLE}"
        (self.folder / "dovecot.conf").write_text(CONFIG.format(
            folder=self.folder, host=self.host, port=self.port, ssl_port=self.ssl_port,
            mail_user=mail_user, mail_group=mail_group, login_user=login_user, chroot=chroot,
            anvil_chroot=anvil_chroot,
            capabilities=capabilities))
        (self.folder / "passwd").write_text(f"{USER}:{{PLAIN}}{PASSWORD}::::::\n")
        subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
                        "-keyout", str(self.folder / "key.pem"), "-out", str(self.ca_file),
                        "-subj", f"/CN={self.host}", "-addext", f"subjectAltName=IP:{self.host}"],
                       check=True, capture_output=True)
        if self.root:
            account = pwd.getpwnam(mail_user)
            for path in (self.folder, self.folder / "home"):
                os.chown(path, account.pw_uid, account.pw_gid)

    def _exit_message(self) -> str | None:
        """Return why Dovecot is gone, with the end of its log, or None while it runs."""
        message = self._process.exit_message()
        if message is None:
            return None
        tail = self.log_path.read_text(errors="replace")[-2000:] if self.log_path.exists() else ""
        return f"{message}\nend of {self.log_path}:\n{tail}"


def _unquoted(name: str) -> str:
    """Return a name as LIST gives it, without the quotes of a quoted string."""
    if not name.startswith('"'):
        return name
    return name[1:-1].replace('\\"', '"').replace("\\\\", "\\")


@contextmanager
def running_dovecot(*, idle: bool = True) -> Iterator[DovecotServer]:
    """Start a Dovecot in a new temporary folder; stop it and delete the folder afterwards."""
    folder = Path(tempfile.mkdtemp(prefix="ff-dovecot-"))
    try:
        server = DovecotServer(folder, idle=idle)
        server.start()
        try:
            yield server
        finally:
            server.stop()
    finally:
        shutil.rmtree(folder, ignore_errors=True)
