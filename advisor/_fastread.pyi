from typing_extensions import Buffer

SKIP: int
ASK: int
LEAD_SHIFT: int

def scan(data: Buffer, /) -> list[int]: ...
