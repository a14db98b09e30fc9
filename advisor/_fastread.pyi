SKIP: int
ASK: int
LEAD_SHIFT: int

def scan(data: bytes, /) -> list[int]: ...
