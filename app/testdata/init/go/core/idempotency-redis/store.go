package redis
