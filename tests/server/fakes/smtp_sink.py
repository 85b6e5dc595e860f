"""A plain SMTP server in its own process (Python's standard library), for the mail tests.

Each message it accepts is written to the folder given as the first argument, one file a
message: the envelope's recipients on the first line ('X-Envelope-To: a,b'), then the message
exactly as the client sent it. The port it listens on (on 127.0.0.1) is printed on stdout.
"""
import asyncore
import itertools
import os
import smtpd
import sys

OUT = sys.argv[1]
numbers = itertools.count()


class Sink(smtpd.SMTPServer):
    def process_message(self, peer, mailfrom, rcpttos, data, **kwargs):
        number = next(numbers)
        partial = os.path.join(OUT, f'.{number:06}.part')
        with open(partial, 'wb') as file:
            file.write(('X-Envelope-To: ' + ','.join(rcpttos) + '\r\n').encode())
            file.write(data)
        # Renamed only when whole, so a reader never sees half a message.
        os.rename(partial, os.path.join(OUT, f'{number:06}.eml'))
        return None


server = Sink(('127.0.0.1', 0), None, decode_data=False, enable_SMTPUTF8=True)
print(server.socket.getsockname()[1], flush=True)
asyncore.loop()
