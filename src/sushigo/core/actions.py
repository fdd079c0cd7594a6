"""What every game's actions share: a sequence of legal actions built on demand."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TypeVar, overload

T = TypeVar("T")


class LazySequence(Sequence[T]):
    """A read-only sequence whose items are built one at a time, on demand: a seat's
    legal actions where they are many (calls, re-rolls) and a search reads few."""

    _size: int

    def _item(self, index: int) -> T:
        """Item ``index``, 0 <= index < len(self)."""
        raise NotImplementedError

    def __len__(self) -> int:
        return self._size

    @overload
    def __getitem__(self, index: int) -> T: ...
    @overload
    def __getitem__(self, index: slice) -> tuple[T, ...]: ...
    def __getitem__(self, index: int | slice) -> T | tuple[T, ...]:
        if isinstance(index, slice):
            return tuple([self._item(i) for i in range(*index.indices(self._size))])
        if index < 0:
            index += self._size
        if not 0 <= index < self._size:
            raise IndexError(index)
        return self._item(index)

    def __iter__(self) -> Iterator[T]:
        for i in range(self._size):
            yield self._item(i)
