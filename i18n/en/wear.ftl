# wear
