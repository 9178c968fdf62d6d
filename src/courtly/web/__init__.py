"""The browser client: static files (ES modules, CSS, message catalogues) served by
``courtly serve`` at ``/``, with no build step. The client only speaks docs/protocol.md."""
