"""The server's HTTP and websocket routes, one ``APIRouter`` per concern (docs/protocol.md
describes each route); ``courtly.server.app`` puts them together."""
